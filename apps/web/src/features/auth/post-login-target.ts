import { create } from "zustand";

/**
 * Where to go right after a successful login. The login screen is public-only, so once the session
 * has a user its guard takes over: with a target set here it goes there, without one it is a
 * signed-in user opening /login and goes to invalid-access. Memory only: it holds a path.
 */
interface PostLoginTargetState {
  target: string | null;
  setTarget: (target: string | null) => void;
}

export const usePostLoginTarget = create<PostLoginTargetState>()((set) => ({
  target: null,
  setTarget: (target) => set({ target }),
}));
