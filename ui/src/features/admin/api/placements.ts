/**
 * The school's side of work-based-learning placements (issue #33): the list with its filters,
 * the program's figures, and the district's agreement template and evaluation rubric.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Language } from '@/lib/i18n/languages';
import type { Placement, PlacementFilter, PlacementList, PlacementState, RubricItem } from '@/types/placement';

export const ADMIN_PLACEMENTS_KEY = '/api/placements';
export const PROGRAM_KEY = ['/api/admin/program'] as const;
export const TEMPLATE_KEY = ['/api/admin/agreement-template'] as const;
export const RUBRIC_KEY = ['/api/admin/rubric'] as const;
export const PROGRAM_CSV_URL = '/api/admin/program.csv';

export interface PlacementQuery {
  state: PlacementState | null;
  filter: PlacementFilter | null;
}

export function placementsUrl({ state, filter }: PlacementQuery): string {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (filter) params.set('filter', filter);
  const qs = params.toString();
  return qs ? `${ADMIN_PLACEMENTS_KEY}?${qs}` : ADMIN_PLACEMENTS_KEY;
}

/** GET /api/placements with the staff filters (a coordinator's school's only); the last answer stays while the next loads. */
export function useAdminPlacements(query: PlacementQuery) {
  return useQuery<Placement[]>({
    queryKey: [ADMIN_PLACEMENTS_KEY, query.state, query.filter],
    queryFn: async () => (await api.get<Partial<PlacementList>>(placementsUrl(query))).placements ?? [],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A count by a name (a grade, an interest area). */
export interface NamedCount {
  name: string;
  n: number;
}

export interface ProgramFigures {
  placements: number;
  byState: Partial<Record<PlacementState, number>>;
  bySchool: { school: string; placements: number; completed: number; approvedHours: number }[];
  byGrade: NamedCount[];
  byInterest: NamedCount[];
  approvedHours: number;
  employersHosting: number;
  /** 0..1: completed among the placements that ended. */
  completionRate: number;
}

type RawCount = { n?: number; name?: string; grade?: string; interest?: string };

/** A row's name, whichever key the server used for it (`name`, or `grade` / `interest`). */
function counts(rows: RawCount[] | undefined): NamedCount[] {
  return (rows ?? []).map((r) => ({ name: r.name ?? r.grade ?? r.interest ?? '', n: r.n ?? 0 }));
}

/** GET /api/admin/program. */
export function useProgram() {
  return useQuery<ProgramFigures>({
    queryKey: PROGRAM_KEY,
    queryFn: async () => {
      const raw = await api.get<
        Partial<Omit<ProgramFigures, 'byGrade' | 'byInterest'>> & { byGrade?: RawCount[]; byInterest?: RawCount[] }
      >('/api/admin/program');
      return {
        placements: raw.placements ?? 0,
        byState: raw.byState ?? {},
        bySchool: raw.bySchool ?? [],
        byGrade: counts(raw.byGrade),
        byInterest: counts(raw.byInterest),
        approvedHours: raw.approvedHours ?? 0,
        employersHosting: raw.employersHosting ?? 0,
        completionRate: raw.completionRate ?? 0,
      };
    },
    staleTime: 0,
  });
}

export interface AgreementTemplate {
  /** Empty when the district wrote its own English text and has no translation in `lang`. */
  template: string;
  lang: Language;
  /** The text is the built-in one: the district has not written its own in `lang`. */
  builtIn: boolean;
  placeholders: string[];
}

/** GET /api/admin/agreement-template?lang= (a district admin's): the text readers of `lang` sign. */
export function useAgreementTemplate(enabled: boolean, lang: Language) {
  return useQuery<AgreementTemplate>({
    queryKey: [...TEMPLATE_KEY, lang],
    queryFn: () => api.get<AgreementTemplate>(`/api/admin/agreement-template?lang=${lang}`),
    enabled,
    staleTime: 0,
  });
}

/** PUT /api/admin/agreement-template: 400 with errors.template naming an unknown placeholder. */
export function useSaveAgreementTemplate(lang: Language) {
  const queryClient = useQueryClient();
  return useMutation<AgreementTemplate, Error, string>({
    mutationFn: (template) => api.put<AgreementTemplate>('/api/admin/agreement-template', { template, lang }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...TEMPLATE_KEY, lang], saved);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_PLACEMENTS_KEY] });
    },
  });
}

/** GET /api/admin/rubric. */
export function useRubric(enabled: boolean) {
  return useQuery<RubricItem[]>({
    queryKey: RUBRIC_KEY,
    queryFn: async () => (await api.get<{ rubric?: RubricItem[] }>('/api/admin/rubric')).rubric ?? [],
    enabled,
    staleTime: 0,
  });
}

/** PUT /api/admin/rubric (a new competency's key is left empty: the server makes it from the name). */
export function useSaveRubric() {
  const queryClient = useQueryClient();
  return useMutation<RubricItem[], Error, RubricItem[]>({
    mutationFn: async (rubric) => (await api.put<{ rubric?: RubricItem[] }>('/api/admin/rubric', { rubric })).rubric ?? [],
    onSuccess: (saved) => queryClient.setQueryData(RUBRIC_KEY, saved),
  });
}
