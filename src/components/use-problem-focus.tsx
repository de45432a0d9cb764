import { useEffect, useRef, useState } from "react";

/**
 * A form's refusal, said the same way by every form: focus moves to the first invalid field in
 * the order the fields appear (its error, tied by `aria-describedby`, is read with it), and a
 * polite status says how many fields to fix — heard even when focus was on that field already.
 * Give `formRef` to the form and render `announcement` inside it; call `clear` when a submit
 * starts, `refused` once its problems are set (their fields marked invalid).
 */
export function useProblemFocus() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState({ count: 0, attempt: 0 });

  useEffect(() => {
    if (refusal.count > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [refusal]);

  const { count, attempt } = refusal;
  return {
    formRef,
    clear: () => setRefusal((r) => ({ ...r, count: 0 })),
    refused: (problems: object) => setRefusal((r) => ({ count: Object.keys(problems).length, attempt: r.attempt + 1 })),
    announcement: (
      <p role="status" className="visually-hidden">
        {/* A new node each refusal, so that the same words are said again. */}
        {count > 0 && <span key={attempt}>{`Not saved: ${count === 1 ? "one field" : `${count} fields`} to fix.`}</span>}
      </p>
    ),
  };
}
