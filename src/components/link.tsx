import type { AnchorHTMLAttributes } from "react";
import { useHref, useLinkClickHandler, useLocation } from "react-router-dom";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of the app, with its query if any. */
  to: string;
  /** A link of the main navigation: marked as the current page while the view at `to` shows. */
  navigation?: boolean;
};

/**
 * A link to a view of the app. React Router resolves it and navigates on a plain click, through
 * the hooks it offers for custom links: its own Link and NavLink also bring framework-mode
 * prefetching that this app does not use, about 2.5 kB gzip of the first load.
 */
export function Link({ to, navigation = false, onClick, children, ...props }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  const { pathname } = useLocation();
  const path = to.split("?")[0]!;
  const current = navigation && (pathname === path || pathname.startsWith(`${path}/`));
  return (
    <a
      {...props}
      href={href}
      aria-current={current ? "page" : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
}
