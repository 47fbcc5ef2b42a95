export { BlockKitPreview, RemoteBlockKitPreview } from './BlockKitPreview';
export type { BlockKitMessage, BlockKitPreviewProps } from './BlockKitPreview';
export { Blocks, Block } from './Blocks';
export { BlockKitContext, useBlockContext } from './context';
export type { BlockContext } from './context';
export type { BlockMember, Json, JsonObject, Raw } from './types';
export { useDebounced, useServerPreview } from './usePreview';
export type { PreviewAnswer } from './usePreview';
