import { sweepRoles } from './sweep';

// The staff's screens (administrator, analyst, association, federation, confederation): e2e/sweep.ts.
sweepRoles('staff');
