export {
  type CustomFieldMetadata,
  type CustomFieldSpec,
  parseCustomFieldMetadata,
  serializeCustomFieldMetadata,
} from './custom-field-metadata.js';
export {
  type CustomFieldModalInput,
  type CustomFieldModalTarget,
  renderCustomFieldModal,
} from './custom-field-modal.js';
export { customFieldValueBlockId } from './custom-field-value-input.js';
export { renderFormNotOpenedNotice, renderLoadingModal, renderNoticeModal } from './loading-modal.js';
export {
  parseTrackEditMetadata,
  serializeTrackEditMetadata,
  type TrackEditMetadata,
} from './track-edit-metadata.js';
export {
  REF_NUMBER_MAX,
  renderTrackEditModal,
  TAG_MAX,
  TAGS_MAX,
  type TrackEditModalContext,
} from './track-edit-modal.js';
