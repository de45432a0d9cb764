// The base styles come first, so each feature's styles can refine them.
import "./app/styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { queryClient } from "./app/query-client.ts";
import { AppRoutes } from "./app/router.tsx";
import { applyTheme } from "./app/theme.ts";
import { prefetchFirstPage } from "./features/users/prefetch-first-page.ts";

applyTheme();
prefetchFirstPage(queryClient, window.location);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
    </QueryClientProvider>
  </StrictMode>,
);
