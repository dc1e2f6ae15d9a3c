import type { ExternalToast, toast as sonnerToast } from 'sonner';

// product §8's toasts, without sonner on the first load of a page (decision 020): `toast()` here has the
// shape of sonner's, loads sonner and mounts its Toaster on first use, then shows the toast. Pages
// that never toast never download it. Import toasts from here, never from 'sonner' (Biome enforces it).

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];

let ready: Promise<Sonner> | undefined;
let markReady: ((sonner: Sonner) => void) | undefined;
let requested = false;
const listeners = new Set<() => void>();

/** The Toaster is mounted once a toast was asked for (useSyncExternalStore in app/providers.tsx). */
export function subscribeToToaster(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function isToasterRequested() {
  return requested;
}

/** Called by the mounted Toaster (app/toaster.tsx) once it listens: queued toasts show now. */
export function toasterMounted(sonner: Sonner) {
  markReady?.(sonner);
}

function whenReady(): Promise<Sonner> {
  if (!ready) {
    ready = new Promise((resolve) => {
      markReady = resolve;
    });
    requested = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

function show(pick: (sonner: Sonner) => (message: Message, data?: ExternalToast) => unknown) {
  return (message: Message, data?: ExternalToast) => {
    void whenReady().then((sonner) => pick(sonner)(message, data));
  };
}

export const toast = Object.assign(
  show((sonner) => sonner),
  {
    success: show((sonner) => sonner.success),
    error: show((sonner) => sonner.error),
    info: show((sonner) => sonner.info),
    warning: show((sonner) => sonner.warning),
    dismiss: (id?: string | number) => {
      void ready?.then((sonner) => sonner.dismiss(id));
    },
  },
);
