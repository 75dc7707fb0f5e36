// The sheets of the Mantine components the login screen draws, in Mantine's order (what a component
// is built on first), in the entry's style sheet rather than in the screen's chunks.
// Split by use, they came as four small sheets after the entry: with the scripts, the session, the
// branding, the catalogs and the school years, 15 requests over HTTP/1.1's six connections, three
// round trips on a phone instead of two; in the entry they cost ≈ 2.5 KB gzipped on every page.
// The build still adds their sheets to the files that use these components (vite.config.ts
// mantineSheets), so this list may shrink without breaking a screen; `npm run check:bundle` fails if the login
// screen brings a sheet of its own again.
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/PasswordInput.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
