import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';
import { i18n } from './i18n/i18n';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default data fetch: a GET to the first element of the query key as the path
 * With `on401: 'returnNull'` a 401 yields null instead of an error.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const path = String(queryKey[0]);
    try {
      return await apiRequest<T>('GET', path);
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) {
        return null;
      }
      throw error;
    }
  };
}

/** Internship lists retry 2 times; everything else never retries. */
export const INTERNSHIP_LIST_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

// The server words some answers in the reader's language (its messages, match reasons, a
// placement's history, the landing's samples): after a switch, what is on screen is asked
// again. Not at the start (the page's answers came in the language it starts in).
let answeredIn: string | undefined = i18n.language || undefined;
i18n.on('languageChanged', (language: string) => {
  if (answeredIn !== undefined && language !== answeredIn) void queryClient.invalidateQueries();
  answeredIn = language;
});
