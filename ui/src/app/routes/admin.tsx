import { lazy, Suspense } from 'react';
import { AdminPage, type CaptionEditorSlot } from '@/features/admin/components/admin-page';

/**
 * The employer's caption editor, for the admin's AI-video fulfilment screen: loaded when first
 * opened (features do not use one another; the app brings the two together here).
 */
const CaptionEditorDialog = lazy(() =>
  import('@/features/employer/components/caption-editor-dialog').then((m) => ({ default: m.CaptionEditorDialog })),
);

const captionEditor: CaptionEditorSlot = (props) =>
  props.internship ? (
    <Suspense fallback={null}>
      <CaptionEditorDialog {...props} />
    </Suspense>
  ) : null;

/** `/admin` with the caption editor. */
export function AdminRoute() {
  return <AdminPage captionEditor={captionEditor} />;
}

export default AdminRoute;
