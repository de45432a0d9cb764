import { useLocation } from "react-router-dom";
import { Link } from "../components/link.tsx";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="card empty-state">
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{pathname}</code>. Check the address, or go to the saved teams.
      </p>
      <Link className="button button-primary" to="/teams">
        Go to Teams
      </Link>
    </div>
  );
}
