import { useQuery } from "@tanstack/react-query";
import { loadDeployment, ownServiceUrlProblem, type DeployedService } from "../../api/deployment.ts";

const none: DeployedService[] = [];

const useDeclared = () => useQuery({ queryKey: ["deployment"], queryFn: loadDeployment, staleTime: Infinity }).data?.services;

/** The deployment's services, for the forms' Service list; none until known, or without a deployment file. */
export function useServices(): DeployedService[] {
  return useDeclared() ?? none;
}

/**
 * What a form refuses of an entry's place, beside the entry rules, once the deployment is known:
 * a service it no longer declares, or an "Another URL…" of this dashboard's own `/s/<name>` that
 * it does not serve. Its server would answer every request there itself, and no service would.
 */
export function usePlaceProblems() {
  const services = useDeclared();
  return (
    service: string | undefined,
    url: string,
    urlField: "baseUrl" | "managementUrl",
  ): Partial<Record<"service" | typeof urlField, string>> => {
    if (!services) return {};
    if (service)
      return services.some((s) => s.name === service)
        ? {}
        : { service: `The service ${service} is not declared in this deployment: choose one of the list.` };
    const problem = ownServiceUrlProblem(url, window.location.origin, services);
    return problem ? { [urlField]: problem } : {};
  };
}
