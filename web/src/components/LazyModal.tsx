import { lazy, Suspense } from 'react';
import type { ConfirmModalProps, ModalProps } from './Modal.tsx';

// Dialogs that open on demand load their code then: a page that merely may open one does not
// carry it in its first load (issue 4).
const ModalComponent = lazy(async () => ({ default: (await import('./Modal.tsx')).Modal }));
const ConfirmModalComponent = lazy(async () => ({
  default: (await import('./Modal.tsx')).ConfirmModal,
}));

/** `Modal`, loaded when first shown. */
export function LazyModal(props: ModalProps) {
  return (
    <Suspense fallback={null}>
      <ModalComponent {...props} />
    </Suspense>
  );
}

/** `ConfirmModal`, loaded when first shown. */
export function LazyConfirmModal(props: ConfirmModalProps) {
  return (
    <Suspense fallback={null}>
      <ConfirmModalComponent {...props} />
    </Suspense>
  );
}
