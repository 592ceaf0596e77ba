import type { Jsonify } from '@brigade/api-client/client';
import { type Employee, employeeFormSchema } from '@brigade/domain/catalogue/employee';
import { EMPLOYEE_KIND, type EmployeeDerived } from '@brigade/domain/catalogue/kinds';
import { money, yesNo } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';
import { EmployeeFields, roleLabel } from './employee-fields';
import { PasscodeButton } from './passcode-dialog';

type Row = Jsonify<Employee> & { derived?: EmployeeDerived };

const EDITABLE = [
  'firstName',
  'lastName',
  'chosenName',
  'email',
  'phone',
  'role',
  'status',
  'startDate',
  'hourlyRate',
  'notes',
  'posAccess',
  'kitchenAccess',
  'managerAccess',
  'accountInfo',
  'posAccessConfig',
  'jobAssignments',
  'showWages',
  'userId',
] as const;

const displayName = (row: Pick<Row, 'chosenName' | 'firstName' | 'lastName'>) =>
  `${row.chosenName || row.firstName} ${row.lastName}`;

const statusBadge = (status: string) => (
  <span className={status === 'active' ? 'ui-badge ui-badge--success' : 'ui-badge ui-badge--warning'}>
    {roleLabel(status)}
  </span>
);

const config: EntityConfig<Row> = {
  kind: EMPLOYEE_KIND,
  title: 'Employees',
  description: 'Staff records: role, status, POS and kitchen access, jobs and wages.',
  noun: 'employee',
  // The strict employee form (unknown fields are refused), the server's schema
  schema: employeeFormSchema,
  editable: EDITABLE,
  // A new employee's defaults: role training, status active, flags off, wages shown
  defaults: () => ({
    firstName: '',
    lastName: '',
    chosenName: '',
    email: '',
    phone: '',
    role: 'training',
    status: 'active',
    startDate: '',
    hourlyRate: undefined,
    notes: '',
    posAccess: false,
    kitchenAccess: false,
    managerAccess: false,
    accountInfo: { biteAccountInvited: false, employeeDisplayId: '', updateEmployeeIdAllLocations: false },
    posAccessConfig: { hasAccess: false, accessCode: '', allowCodeLogin: false, updateAllLocations: false },
    jobAssignments: [],
    showWages: true,
    userId: undefined,
  }),
  toForm: (row) => ({
    firstName: row.firstName,
    lastName: row.lastName,
    chosenName: row.chosenName ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    role: row.role,
    status: row.status,
    startDate: row.startDate ?? '',
    hourlyRate: row.hourlyRate,
    notes: row.notes ?? '',
    posAccess: row.posAccess,
    kitchenAccess: row.kitchenAccess,
    managerAccess: row.managerAccess,
    accountInfo: { ...row.accountInfo, employeeDisplayId: row.accountInfo.employeeDisplayId ?? '' },
    posAccessConfig: { ...row.posAccessConfig, accessCode: row.posAccessConfig.accessCode ?? '' },
    // lastUpdated is the server's stamp: not sent back
    jobAssignments: row.jobAssignments.map(({ jobId, isActive, wageOverride, updatedBy }) => ({
      jobId,
      isActive,
      wageOverride: wageOverride ?? undefined,
      ...(updatedBy ? { updatedBy } : {}),
    })),
    showWages: row.showWages,
    userId: row.userId,
  }),
  renderFields: ({ readOnly }) => <EmployeeFields readOnly={readOnly} />,
  dialogSize: 'lg',
  columns: [
    { header: 'Name', primary: true, cell: displayName },
    { header: 'Role', cell: (row) => roleLabel(row.role) },
    { header: 'Status', cell: (row) => statusBadge(row.status) },
    { header: 'POS', cell: (row) => yesNo(row.derived?.hasPosAccess), hideOnMobile: true },
    { header: 'Kitchen', cell: (row) => yesNo(row.derived?.hasKitchenAccess), hideOnMobile: true },
    {
      header: 'Wage',
      cell: (row) => (row.showWages ? money(row.derived?.effectiveWage) : 'Hidden'),
      align: 'end',
    },
  ],
  rowActions: (row) => <PasscodeButton employeeId={row.employeeId} name={displayName(row)} />,
  searchText: (row) => [row.firstName, row.lastName, row.chosenName, row.email, row.role],
  rowName: displayName,
  emptyMessage: 'Add the people who work here, then give them jobs and access.',
  forbiddenMessage: 'Employee records hold wages and POS codes: only managers and above can see them.',
};

export default function EmployeesScreen() {
  return <EntityScreen config={config} />;
}
