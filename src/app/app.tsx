import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { seedFirstPage, type FirstPageRequest } from "../features/users/prefetch-first-page.ts";
import { queryClient } from "./query-client.ts";
import { AppRoutes } from "./router.tsx";

/** Renders the dashboard into `root`; the first page's request, if main.ts sent one, goes to the query client. */
export function renderApp(root: HTMLElement, firstPage: FirstPageRequest) {
  seedFirstPage(queryClient, firstPage);
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
      </QueryClientProvider>
    </StrictMode>,
  );
}
