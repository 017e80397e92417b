import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface FlyoutContextValue {
  openID: string | null;
  setOpenID: (id: string | null) => void;
}

const FlyoutContext = createContext<FlyoutContextValue | null>(null);

export interface FlyoutProviderProps {
  children: ReactNode;
}

/** Keeps at most one flyout open (spec 000 §4: opening one closes the others); closes on navigation. */
export function FlyoutProvider({ children }: FlyoutProviderProps) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  // A flyout belongs to the page it was opened on: navigating elsewhere closes it.
  const [open, setOpen] = useState<{ id: string; at: string } | null>(null);
  const openID = open !== null && open.at === here ? open.id : null;
  const setOpenID = useCallback(
    (id: string | null) => setOpen(id === null ? null : { id, at: here }),
    [here],
  );
  const value = useMemo(() => ({ openID, setOpenID }), [openID, setOpenID]);
  return <FlyoutContext.Provider value={value}>{children}</FlyoutContext.Provider>;
}

/** Open state of one flyout, shared through the provider (local when there is none). */
export function useFlyoutState(id: string): {
  isOpen: boolean;
  open: () => void;
  close: () => void;
  toggle: () => void;
} {
  const context = useContext(FlyoutContext);
  const [localOpen, setLocalOpen] = useState(false);
  const isOpen = context === null ? localOpen : context.openID === id;
  const setOpen = useCallback(
    (next: boolean) => {
      if (context === null) {
        setLocalOpen(next);
      } else if (next) {
        context.setOpenID(id);
      } else if (context.openID === id) {
        context.setOpenID(null);
      }
    },
    [context, id],
  );
  return useMemo(
    () => ({
      isOpen,
      open: () => setOpen(true),
      close: () => setOpen(false),
      toggle: () => setOpen(!isOpen),
    }),
    [isOpen, setOpen],
  );
}
