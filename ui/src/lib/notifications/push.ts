import { useMutation, useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/*
 * Web Push on this device: the server's key (GET /api/push/key), the browser's
 * PushManager.subscribe with it, and the subscription stored on the server
 * (POST /api/push/subscriptions). The offer comes after a moment it matters (the first
 * application sent), never on a first visit; "Not now" is remembered on the device and the
 * app never asks again by itself.
 */

export interface PushKey {
  publicKey: string;
  enabled: boolean;
  /** When no push reaches a student, on the district's clock (HH:MM); null: none. */
  quietHours: { start: string; end: string } | null;
}

export interface PushDevice {
  id: number;
  device: string;
  endpoint: string;
  createdAt: string;
}

export type PushCategory = 'messages' | 'applications' | 'placements' | 'account';
export const PUSH_CATEGORIES: PushCategory[] = ['messages', 'applications', 'placements', 'account'];
/**
 * Each category on or off, and the quiet hours that hold this person's pushes ("22:00-07:00"
 * on the district's clock, or null): their own to choose (employers, staff) or the district's.
 */
export type PushPreferences = Record<PushCategory, boolean> & { quietHours: string | null; ownQuietHours: boolean };
/** What PUT /api/push/preferences takes: categories, and an employer's or staff member's quiet hours. */
export type PushPreferencesChange = Partial<Record<PushCategory, boolean>> & { quietHours?: string | null };

export const PUSH_KEY_URL = '/api/push/key';
export const PUSH_SUBSCRIPTIONS_URL = '/api/push/subscriptions';
export const PUSH_PREFERENCES_URL = '/api/push/preferences';

/** The device's answer to the offer: remembered, so the app never asks again by itself. */
const DECLINED = 'internreel.push.declined';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushDeclined(): boolean {
  try {
    return localStorage.getItem(DECLINED) === '1';
  } catch {
    return false;
  }
}

export function declinePush(): void {
  try {
    localStorage.setItem(DECLINED, '1');
  } catch {
    // Private mode: the offer may come again next time.
  }
}

/** The base64url key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** A short name for this device, from what the browser says of itself ("Chrome on Android"). */
export function deviceName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}

/** The endpoint this browser subscribed with, as last stored on the server. */
const ENDPOINT = 'internreel.push.endpoint';

function remember(endpoint: string | null): void {
  try {
    if (endpoint) localStorage.setItem(ENDPOINT, endpoint);
    else localStorage.removeItem(ENDPOINT);
  } catch {
    // Private mode: "this device" is then told by the browser's subscription alone.
  }
}

/** This browser's endpoint: its live subscription's, else the one it last stored. */
export async function thisDeviceEndpoint(): Promise<string | null> {
  const live = await currentSubscription().catch(() => null);
  if (live) return live.endpoint;
  try {
    return localStorage.getItem(ENDPOINT);
  } catch {
    return null;
  }
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Asks the browser (its permission prompt) and stores the subscription on the server. */
export async function turnOnPush(): Promise<PushDevice> {
  const key = await api.get<PushKey>(PUSH_KEY_URL);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefusedError();
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.publicKey) }));
  const device = await api.post<PushDevice>(PUSH_SUBSCRIPTIONS_URL, { ...subscription.toJSON(), device: deviceName() });
  remember(device.endpoint);
  void queryClient.invalidateQueries({ queryKey: pushDevicesKey });
  return device;
}

/**
 * Signing out: this device stops receiving the person's pushes (a shared computer must not
 * show the next person someone else's). Never holds the sign-out long.
 */
export async function forgetThisDevice(): Promise<void> {
  const work = (async () => {
    const endpoint = await thisDeviceEndpoint();
    if (!endpoint) return;
    const devices = await api.get<PushDevice[]>(PUSH_SUBSCRIPTIONS_URL);
    for (const d of devices.filter((d) => d.endpoint === endpoint)) await api.delete<void>(`${PUSH_SUBSCRIPTIONS_URL}/${d.id}`);
    remember(null);
    const live = await currentSubscription().catch(() => null);
    if (live) await live.unsubscribe().catch(() => false);
  })().catch(() => undefined);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, 3000))]);
}

export class PushRefusedError extends Error {
  constructor() {
    super('push permission refused');
  }
}

/** The server's key when the offer may show here: pushes possible, sent by the district, not refused. */
export async function mayOfferPush(): Promise<PushKey | null> {
  if (!pushSupported() || pushDeclined() || Notification.permission === 'denied') return null;
  if (await currentSubscription()) return null;
  try {
    const key = await api.get<PushKey>(PUSH_KEY_URL);
    return key.enabled ? key : null;
  } catch {
    return null;
  }
}

/** The offer's state: asked for by a moment that matters (the first application sent). */
interface PushOfferState {
  open: boolean;
  quietHours: PushKey['quietHours'];
  ask: () => void;
  close: () => void;
}

export const usePushOfferStore = create<PushOfferState>((set) => ({
  open: false,
  quietHours: null,
  ask: () => {
    void mayOfferPush().then((key) => {
      if (key) set({ open: true, quietHours: key.quietHours });
    });
  },
  close: () => set({ open: false }),
}));

export const pushDevicesKey = [PUSH_SUBSCRIPTIONS_URL] as const;
export const pushPreferencesKey = [PUSH_PREFERENCES_URL] as const;

export function usePushDevices() {
  return useQuery<PushDevice[]>({ queryKey: pushDevicesKey, staleTime: 0 });
}

export function usePushKey() {
  return useQuery<PushKey>({ queryKey: [PUSH_KEY_URL] });
}

export function useRemovePushDevice() {
  return useMutation<void, Error, PushDevice>({
    mutationFn: async (device) => {
      await api.delete<void>(`${PUSH_SUBSCRIPTIONS_URL}/${device.id}`);
      // This browser's own subscription ends with it.
      if ((await thisDeviceEndpoint()) === device.endpoint) {
        remember(null);
        const mine = await currentSubscription().catch(() => null);
        if (mine) await mine.unsubscribe().catch(() => false);
      }
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: pushDevicesKey }),
  });
}

export function usePushPreferences() {
  return useQuery<PushPreferences>({ queryKey: pushPreferencesKey, staleTime: 0 });
}

/** PUT /api/push/preferences: the switch moves at once and goes back should the call fail. */
export function useUpdatePushPreferences() {
  return useMutation<PushPreferences, Error, PushPreferencesChange, { previous: PushPreferences | undefined }>({
    mutationFn: (change) => api.put<PushPreferences>(PUSH_PREFERENCES_URL, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: pushPreferencesKey });
      const previous = queryClient.getQueryData<PushPreferences>(pushPreferencesKey);
      if (previous) queryClient.setQueryData<PushPreferences>(pushPreferencesKey, { ...previous, ...change });
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(pushPreferencesKey, saved),
    onError: (_e, _c, context) => {
      if (context?.previous) queryClient.setQueryData(pushPreferencesKey, context.previous);
    },
  });
}
