// The Italian forces and selections the tests of validateAllocation share (56.31, 56.311, 56.312, 56.32).
import { validateAllocation, type AllocationInput, type ItalianForces } from '../../src/rules/italian-allocation.js';
import { selection as sel } from './italian-fixtures.js';

// Italy's forces at surrender: enough of everything for a +/-2 row, plus ships that may not be selected.
export const forces: ItalianForces = {
  navy: [
    { id: 'littorio', type: 'battleship', factors: 5, status: 'operational' },
    { id: 'vittorio-veneto', type: 'battleship', factors: 5, status: 'damaged' },
    { id: 'cavour', type: 'battleship', factors: 3, status: 'sunk-in-port' },
    { id: 'roma', type: 'battleship', factors: 5, status: 'row-2' },
    { id: 'aquila', type: 'carrier', factors: 2, status: 'launch' },
    { id: 'impero', type: 'battleship', factors: 5, status: 'row-3-plus' },
    { id: 'ca-1', type: 'cruiser', factors: 3, status: 'operational' },
    { id: 'ca-2', type: 'cruiser', factors: 3, status: 'damaged' },
    { id: 'ca-3', type: 'cruiser', factors: 2, status: 'operational' },
    { id: 'ca-4', type: 'cruiser', factors: 3, status: 'row-3-plus' },
    { id: 'ca-5', type: 'cruiser', factors: 3, status: 'launch' },
    { id: 'dd-1', type: 'destroyer', factors: 1, status: 'operational' },
    { id: 'dd-2', type: 'destroyer', factors: 1, status: 'operational' },
    { id: 'dd-3', type: 'destroyer', factors: 2, status: 'operational' },
    { id: 'dd-4', type: 'destroyer', factors: 1, status: 'row-3-plus' },
  ],
  infantry: [
    { id: 'inf-1', factors: 3 },
    { id: 'inf-2', factors: 3 },
    { id: 'inf-3', factors: 3 },
    { id: 'inf-4', factors: 2 },
    { id: 'inf-5', factors: 2 },
  ],
};

export const empty = sel();
export const validate = (over: Partial<AllocationInput> & Pick<AllocationInput, 'level' | 'side' | 'selection'>) =>
  validateAllocation({ forces, alreadyAllocated: null, ...over });
export const rules = (r: { violations: readonly { rule: string }[] }) => r.violations.map((v) => v.rule);
export const zero = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };

export const axisPlus2 = sel({
  infantry: ['inf-1', 'inf-2', 'inf-3'],
  namedShips: ['littorio'],
  cruisers: ['ca-1', 'ca-2'],
  destroyers: ['dd-3'],
});
export const axisLevel0 = sel({ infantry: ['inf-1'], cruisers: ['ca-1'], destroyers: ['dd-1'] });
export const alliedLevel0 = sel({ infantry: ['inf-2'], cruisers: ['ca-2'], destroyers: ['dd-2'] });
