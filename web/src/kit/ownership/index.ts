export { OwnershipSection } from './OwnershipSection';
export type { OwnershipSectionProps, OwnedProgram, OwnershipPerson } from './OwnershipSection';
