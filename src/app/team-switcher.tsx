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
  // What is typed while the menu's code loads, on the first open: the menu starts with it.
  const [typedEarly, setTypedEarly] = useState("");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const show = () => {
    setTypedEarly("");
    setOpen(true);
  };

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== switcherShortcut || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      event.preventDefault();
      show();
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
        onClick={() => (open ? setOpen(false) : show())}
      >
        <span className="switcher-caption">Team</span>
        {current ? <TeamName team={current.team} /> : <span className="muted">Choose a team</span>}
        <span aria-hidden="true" className="switcher-chevron">
          ▾
        </span>
      </button>
      {open && (
        <Suspense
          fallback={
            <div className="switcher-menu" role="dialog" aria-label="Switch team" aria-busy="true">
              <input
                // Keystrokes typed at once land here until the menu shows.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                className="input"
                aria-label="Find a team"
                placeholder="Find a team…"
                value={typedEarly}
                onChange={(e) => setTypedEarly(e.target.value)}
                onKeyDown={(e) => e.key === "Escape" && close(true)}
                spellCheck={false}
                autoComplete="off"
              />
            </div>
          }
        >
          <TeamSwitcherMenu currentId={current?.team.id} initialSearch={typedEarly} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
