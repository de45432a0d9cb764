import { useEffect, useState } from "react";

interface CopyButtonProps {
  text: string;
  /** What is copied, for the accessible name: "Copy user ID". */
  label: string;
  className?: string;
  tabIndex?: number;
}

export function CopyButton({ text, label, className = "button button-small", tabIndex }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={label}
      tabIndex={tabIndex}
      onClick={(event) => {
        event.stopPropagation();
        navigator.clipboard.writeText(text).then(
          () => setState("copied"),
          () => setState("failed"),
        );
      }}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
    </button>
  );
}
