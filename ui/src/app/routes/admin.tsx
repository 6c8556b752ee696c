import { lazy, Suspense } from 'react';
import { AdminPage, type CaptionEditorSlot } from '@/features/admin/components/admin-page';
import { withCatalogues } from '@/lib/i18n/i18n';

/**
 * The employer's caption editor, for the admin's AI-video fulfilment screen: loaded when first
 * opened (features do not use one another; the app brings the two together here).
 */
// withCatalogues: the dialog opens once the employer texts of the page's language are in, so
// a Spanish admin never sees it in English first.
const CaptionEditorDialog = lazy(
  withCatalogues(() => import('@/features/employer/components/caption-editor-dialog').then((m) => ({ default: m.CaptionEditorDialog }))),
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
