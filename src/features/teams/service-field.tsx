import { useId } from "react";
import { serviceName, type DeployedService } from "../../api/deployment.ts";
import { describedBy, FieldMessages } from "../../components/field-messages.tsx";

interface ServiceFieldProps {
  services: DeployedService[];
  /** A service's name; empty: "Another URL…". */
  value: string;
  onChange: (name: string) => void;
  hint: string;
  error?: string;
}

/**
 * The deployment's services by label and environment, and "Another URL…"; nothing without a
 * deployment file, unless the entry names a service: one no longer declared is shown as such.
 */
export function ServiceField({ services, value, onChange, hint, error }: ServiceFieldProps) {
  const id = useId();
  const undeclared = value !== "" && !services.some((service) => service.name === value);
  if (services.length === 0 && !undeclared) return null;
  return (
    <div className="field">
      <label htmlFor={id}>Service</label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {undeclared && <option value={value}>{value} (not declared in this deployment)</option>}
        {services.map((service) => (
          <option key={service.name} value={service.name}>
            {serviceName(service)}
          </option>
        ))}
        <option value="">Another URL…</option>
      </select>
      <p id={`${id}-hint`} className="hint small muted">
        {hint}
      </p>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
