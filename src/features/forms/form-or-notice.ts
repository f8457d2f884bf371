/**
 * A form that needs API data, as the modal that waited for it shows it: the form `load()` builds, or, when it could
 * not be loaded, a notice with the reason in the same modal, never a silent one.
 */
import { renderErrorCard } from '../../cards/index.js';
import { renderNoticeModal } from '../../cards/modals/index.js';
import type { ModalView } from '../../cards/types.js';
import type { FeatureContext } from '../context.js';

export async function formOrNotice(
  ctx: Pick<FeatureContext, 'clock' | 'logger'>,
  title: string,
  load: () => Promise<ModalView>,
): Promise<ModalView> {
  try {
    return await load();
  } catch (error) {
    ctx.logger.warn('modal data could not be loaded', { error });
    return renderNoticeModal(title, renderErrorCard(error, { now: ctx.clock.now() }).text);
  }
}
