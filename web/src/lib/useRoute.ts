import { useLocation, useParams } from '@tanstack/react-router';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { matchPath, pathFor, type RouteName, type RouteParams } from '../i18n/routes.ts';

/** Builds the current language's path of a screen. */
export function usePathFor() {
  const locale = useLocale();
  return <Name extends RouteName>(name: Name, params: RouteParams<Name>) => pathFor(name, params, locale);
}

/** The screen the URL shows (from the one routes table). */
export function useCurrentRoute() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return matchPath(pathname);
}

/** A route parameter by name, whichever of the screen's paths matched. */
export function useRouteParam(name: string): string {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  return params[name] ?? '';
}

/** A query parameter as a plain string ('' when absent). */
export function useSearchParam(name: string): string {
  const search = useLocation().search as unknown as Record<string, unknown>;
  const value = search[name];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}
