import { useId, useState } from "react";
import { describedBy, FieldMessages } from "./field-messages.tsx";

interface SecretInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
}

/** A masked key field with a reveal toggle. Never autofilled, never spell-checked. */
export function SecretInput({ label, value, onChange, hint, error }: SecretInputProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          className="input mono"
          type={revealed ? "text" : "password"}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        {/* Named "Show"/"Hide", described by the field's label, so the label names the input alone. */}
        <button
          type="button"
          className="button"
          aria-pressed={revealed}
          aria-controls={id}
          aria-describedby={`${id}-label`}
          onClick={() => setRevealed((r) => !r)}
        >
          {revealed ? "Hide" : "Show"}
        </button>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
