import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema } from "@portal/shared/schemas/auth";

/** The login form's check, in its own chunk with zod (login-page.tsx loads it lazily, issue #13). */
export const loginResolver = zodResolver(loginSchema);
