import { useQuery } from "@tanstack/react-query";
import { loadDeployment, type DeployedService } from "../../api/deployment.ts";

const none: DeployedService[] = [];

/** The deployment's services, for the forms' Service list; none until known, or without a deployment file. */
export function useServices(): DeployedService[] {
  return useQuery({ queryKey: ["deployment"], queryFn: loadDeployment, staleTime: Infinity }).data?.services ?? none;
}
