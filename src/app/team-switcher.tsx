import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { TeamName } from "../components/team-name.tsx";
import { useCurrentTeam } from "../components/use-current-team.ts";
import { isTyping, switcherShortcut } from "../components/shortcuts.ts";

// The list of saved teams loads when first opened, not with the page.
const TeamSwitcherMenu = lazy(async () => ({ default: (await import("./team-switcher-menu.tsx")).TeamSwitcherMenu }));

/** The header's team: the current one's label and environment, and the list to switch to another. */
export function TeamSwitcher() {
  const { current } = useCurrentTeam();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== switcherShortcut || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      event.preventDefault();
      setOpen(true);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  return (
    <div className="switcher">
      <button
        ref={buttonRef}
        type="button"
        className="button switcher-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts={switcherShortcut}
        aria-label={current ? `Switch team, current: ${current.team.label} (${current.team.environment})` : "Switch team, none chosen"}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="switcher-caption">Team</span>
        {current ? <TeamName team={current.team} /> : <span className="muted">Choose a team</span>}
        <span aria-hidden="true" className="switcher-chevron">
          ▾
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <TeamSwitcherMenu currentId={current?.team.id} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
