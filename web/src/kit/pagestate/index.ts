export { PageState, PageSkeleton, SkeletonLines, ErrorState, NotFoundState, EmptyState, isNotFound } from './PageState';
export type { PageStateProps, ErrorStateProps, NotFoundStateProps, EmptyStateProps, SkeletonProps, StateHeadingLevel } from './PageState';
