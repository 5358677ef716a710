import { describe, expect, it } from 'vitest'
import cases from '../../../../internal/team/testdata/can_cases.json'
import { allRoles, can, type Action, type Role } from './staff'

// The table Go's team.Can runs too (internal/team/team_test.go): one set of rights, read from
// internal/team/roles.json by both.
describe('can', () => {
  it.each(cases)('$role may $action: $want', ({ role, action, want }) => {
    expect(can(role as Role, action as Action)).toBe(want)
  })

  it("knows the roles the Role type names, in roles.json's order", () => {
    const named: Record<Role, true> = { owner: true, gestao: true, retirada: true }
    expect(allRoles).toEqual(Object.keys(named))
  })
})
