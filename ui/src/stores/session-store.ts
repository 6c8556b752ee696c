import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SessionUser, UserType } from '@/types/api';

/** The browser's local-storage key (DESIGN.md). */
export const SESSION_STORAGE_KEY = 'internreel';

/** A selected internship is kept as whatever the screen that chose it stored (an id at least). */
export interface SelectedInternship {
  id: number;
  title?: string;
  company?: string;
  [key: string]: unknown;
}

interface SessionState {
  userType: UserType | null;
  user: SessionUser | null;
  selectedInternship: SelectedInternship | null;
  applicationId: string | null;
  setUserType: (userType: UserType | null) => void;
  setUser: (user: SessionUser | null) => void;
  setSelectedInternship: (internship: SelectedInternship | null) => void;
  setApplicationId: (applicationId: string | null) => void;
  /** Clears all four persisted fields. */
  reset: () => void;
}

const initialState = {
  userType: null,
  user: null,
  selectedInternship: null,
  applicationId: null,
} satisfies Pick<SessionState, 'userType' | 'user' | 'selectedInternship' | 'applicationId'>;

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...initialState,
      setUserType: (userType) => set({ userType }),
      setUser: (user) => set(user ? { user, userType: user.userType } : { user: null }),
      setSelectedInternship: (selectedInternship) => set({ selectedInternship }),
      setApplicationId: (applicationId) => set({ applicationId }),
      reset: () => set({ ...initialState }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        userType: state.userType,
        user: state.user,
        selectedInternship: state.selectedInternship,
        applicationId: state.applicationId,
      }),
    },
  ),
);
