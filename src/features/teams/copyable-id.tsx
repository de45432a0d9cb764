import { CopyButton } from "../../components/copy-button.tsx";

/** An entry's ID in full, with a button that copies it. */
export const CopyableId = ({ id, label }: { id: string; label: string }) => (
  <span className="teams-id">
    <code>{id}</code>
    <CopyButton text={id} label={label} />
  </span>
);
