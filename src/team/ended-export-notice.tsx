import { useSyncExternalStore } from "react";
import { exportNotice } from "./export-notice.ts";

/** An export that ended with its team, said over every view until dismissed. */
export function EndedExportNotice() {
  const text = useSyncExternalStore(exportNotice.subscribe, exportNotice.get);
  if (!text) return null;
  return (
    <div className="alert alert-warning ended-export-notice">
      <p role="alert">{text}</p>
      <div>
        <button type="button" className="button button-small" onClick={exportNotice.dismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
