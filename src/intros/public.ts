// What Intros offers the other capabilities: the pairing engine's weighted matching (Enrollment matches mentors with it).
export { maxWeightMatching, type WeightedEdge } from './pairing/index.js';
