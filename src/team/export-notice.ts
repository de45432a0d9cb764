/**
 * What the tab says of an export that ended when its team was let go (Forget keys, a new key,
 * another team opened): the team's bar is gone with it, so the layout says it, until dismissed.
 * React-free and small: the layout's code loads it with the first page.
 */
let notice: string | null = null;
const listeners = new Set<() => void>();
const set = (next: string | null) => {
  notice = next;
  listeners.forEach((listener) => listener());
};

export const exportNotice = {
  get: (): string | null => notice,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  show: (text: string) => set(text),
  dismiss: () => set(null),
};
