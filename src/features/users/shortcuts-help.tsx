import { switcherShortcut } from "../../components/shortcuts.ts";

const shortcuts: [string[], string][] = [
  [["↓", "j"], "Next row"],
  [["↑", "k"], "Previous row"],
  [["Home"], "First row"],
  [["End"], "Last row"],
  [["Enter"], "Open the focused user"],
  [["Esc"], "Close the user panel"],
  [["["], "Previous page"],
  [["]"], "Next page"],
  [[switcherShortcut], "Switch team"],
];

export function ShortcutsHelp() {
  return (
    <>
      <button type="button" className="button" popoverTarget="shortcuts-help">
        Keyboard shortcuts
      </button>
      <div id="shortcuts-help" popover="auto" className="popover" aria-label="Keyboard shortcuts">
        <p className="popover-title">Keyboard shortcuts</p>
        <dl className="users-shortcuts">
          {shortcuts.map(([keys, action]) => (
            <div key={action}>
              <dt>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && " or "}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{action}</dd>
            </div>
          ))}
        </dl>
      </div>
    </>
  );
}
