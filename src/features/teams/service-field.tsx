import { useId } from "react";
import { serviceName, type DeployedService } from "../../api/deployment.ts";

interface ServiceFieldProps {
  services: DeployedService[];
  /** A service's name; empty: "Another URL…". */
  value: string;
  onChange: (name: string) => void;
  hint: string;
}

/** The deployment's services by label and environment, and "Another URL…"; nothing without a deployment file. */
export function ServiceField({ services, value, onChange, hint }: ServiceFieldProps) {
  const id = useId();
  if (services.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor={id}>Service</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`}>
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
    </div>
  );
}
