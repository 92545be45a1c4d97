import { ROUTES } from '@rounds/contracts/routes';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session-store';
import { useSignedInFrameRender } from '../lib/signed-in-frame';
import { decideAccess, returnPath, type TAccessRule } from './access';

/** Where login sends the user back to (location state, set by the guard). */
export type TLoginState = { from?: string } | null;

/** A layout route that renders its child routes only when decideAccess says so. */
export function AccessGate({ rule }: { rule: TAccessRule | ((pathname: string) => TAccessRule) }) {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const role = useSession((s) => s.user?.role);
  const restoring = useSession((s) => s.restoring);
  // The build's drawing of the signed-in home page (src/prerender.tsx): the browser shows it only with a session.
  const frame = useSignedInFrameRender();
  const resolved = typeof rule === 'function' ? rule(location.pathname) : rule;
  const decision = decideAccess(resolved, { token, role, restoring }, location);
  if (frame) return <Outlet />;

  switch (decision.kind) {
    case 'render':
      return <Outlet />;
    case 'wait':
      return null;
    case 'login':
      return (
        <Navigate
          replace
          to={{ pathname: ROUTES.login, search: decision.search }}
          state={{ from: decision.from } satisfies TLoginState}
        />
      );
    case 'home': {
      // Signed in on the login page: where the guard sent them from (a room's address), as the login form
      // does; whichever of the two navigations runs first, the user lands at the same place.
      const back = resolved.guestOnly ? returnPath(location.state) : ROUTES.recent;
      if (back !== ROUTES.recent) return <Navigate replace to={back} />;
      return <Navigate replace to={{ pathname: ROUTES.recent, search: decision.search }} />;
    }
  }
}
