/**
 * The sandbox's test operators: the lender's own staff, as the simulated broker offers them when
 * the back office (not a customer) asks for a login. The broker releases their roles in the
 * `roles` claim; one of them has no role at all, to show that signing in alone opens nothing.
 */
import type { OperatorRole } from '../back-office';

export interface TestOperator {
  /** The broker's subject for the operator. */
  id: string;
  name: string;
  email: string;
  roles: readonly OperatorRole[];
}

export const TEST_OPERATORS: readonly TestOperator[] = [
  { id: 'operator-support', name: 'Maja Holm', email: 'maja.holm@lender.example', roles: ['support'] },
  { id: 'operator-admin', name: 'Henrik Dahl', email: 'henrik.dahl@lender.example', roles: ['admin'] },
  { id: 'operator-none', name: 'Tove Ek', email: 'tove.ek@lender.example', roles: [] },
];

export const findTestOperator = (id: string): TestOperator | undefined => TEST_OPERATORS.find((operator) => operator.id === id);
