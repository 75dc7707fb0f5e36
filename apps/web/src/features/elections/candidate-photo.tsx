/**
 * A candidate's photo, or a neutral placeholder when there is none. Decorative (alt=""): every
 * screen writes the candidate's name right next to it, so a screen reader would read it twice.
 */
export function CandidatePhoto({ url, size = 56 }: { url: string | null; size?: number }) {
  const box = { width: size, height: size, borderRadius: 8, flexShrink: 0 } as const;
  if (url) {
    return <img src={url} alt="" width={size} height={size} loading="lazy" style={{ ...box, objectFit: "cover" }} />;
  }
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 40 40"
      width={size}
      height={size}
      style={{ ...box, background: "var(--mantine-color-gray-2)" }}
    >
      <circle cx="20" cy="15" r="7" fill="var(--mantine-color-gray-5)" />
      <path d="M6 38c1-9 7-13 14-13s13 4 14 13z" fill="var(--mantine-color-gray-5)" />
    </svg>
  );
}
