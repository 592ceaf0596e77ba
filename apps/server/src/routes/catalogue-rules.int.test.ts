import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/** The catalogue's validation rules and the employees' derived fields, each through the API with its message. */
const t = useTestApp();

let session: Session;
let tenantId: number;

beforeAll(async () => {
  const tenant = await makeTenant(t.database.db);
  tenantId = tenant.tenantId;
  const user = await makeUser(t.database.db, { tenantId, role: 'manager' });
  session = await signInAs(t.app, user.email, TEST_PASSWORD);
});

/** A fresh restaurant and calls under it. */
async function restaurant() {
  const { restaurantId } = await makeRestaurant(t.database.db, tenantId);
  const url = (path: string) => `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/${path}`;
  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) => {
    const response = await asBearer(t.app, session, {
      method,
      url: url(path),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  return {
    send,
    /** Creates and returns the record, failing loudly otherwise. */
    create: async (path: string, payload: unknown) => {
      const { status, body } = await send('POST', path, payload);
      expect(status, JSON.stringify(body)).toBe(201);
      return body.data;
    },
    /** The field errors of a refused write. */
    errors: async (method: 'POST' | 'PATCH', path: string, payload: unknown) => {
      const { status, body } = await send(method, path, payload);
      expect(status, JSON.stringify(body)).toBe(400);
      return body.errors as { path: string; message: string }[];
    },
  };
}

describe('items', () => {
  it('refuses references to tags, tax rates, stations, courses and sales categories the restaurant lacks', async () => {
    const r = await restaurant();
    const tag = await r.create('tags', { name: 'Vegan' });
    const item = { name: 'Soup', basePrice: 6 };
    expect(
      await r.errors('POST', 'items', {
        ...item,
        tagIds: [tag.tagId, 999],
        courseId: 77,
        taxRateIds: [5],
      }),
    ).toEqual([
      { path: 'tagIds.1', message: 'Tag with ID 999 not found' },
      { path: 'taxRateIds.0', message: 'Tax rate with ID 5 not found' },
      { path: 'courseId', message: 'Course with ID 77 not found' },
    ]);
    // In a batch the row is named, and nothing is stored.
    expect(await r.errors('POST', 'items/batch', [item, { ...item, prepStationIds: [3] }])).toEqual([
      { path: '1.prepStationIds.0', message: 'Prep station with ID 3 not found' },
    ]);
    expect((await r.send('GET', 'items')).body.data).toEqual([]);
    const ok = await r.create('items', { ...item, tagIds: [tag.tagId] });
    expect(ok.tagIds).toEqual([tag.tagId]);
    expect(await r.errors('POST', 'menu-groups', { name: 'Lunch', tagIds: [tag.tagId, 404] })).toEqual([
      { path: 'tagIds.1', message: 'Tag with ID 404 not found' },
    ]);
  });

  it('refuses stations and printers that point at stations or printers the restaurant lacks', async () => {
    const r = await restaurant();
    expect(
      await r.errors('POST', 'prep-stations', { name: 'Grill', otherStationIds: [8], ticketPrinterId: 9 }),
    ).toEqual([
      { path: 'otherStationIds.0', message: 'Prep station with ID 8 not found' },
      { path: 'ticketPrinterId', message: 'Printer with ID 9 not found' },
    ]);
    expect(
      await r.errors('POST', 'printers', { name: 'Pass', model: 'TM-T88', backupPrinterId: 12 }),
    ).toEqual([{ path: 'backupPrinterId', message: 'Printer with ID 12 not found' }]);
    // Within one batch, a station may point at another station of the same batch.
    const { status } = await r.send('POST', 'prep-stations/batch', [
      { prepStationId: 1, guid: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Grill', otherStationIds: [2] },
      { prepStationId: 2, guid: '8c9e6679-7425-40de-944b-e07fc1f90ae8', name: 'Fry', otherStationIds: [1] },
    ]);
    expect(status).toBe(201);
  });

  it('applies the pricing strategies, on create and on the merged record of an update', async () => {
    const r = await restaurant();
    expect(await r.errors('POST', 'items', { name: 'A' })).toEqual([
      { path: 'basePrice', message: 'Base pricing strategy requires a valid base price' },
    ]);
    expect(await r.errors('POST', 'items', { name: 'A', pricingStrategy: 'size' })).toEqual([
      { path: 'sizePrice', message: 'Size pricing strategy requires at least one size price' },
    ]);
    expect(await r.errors('POST', 'items', { name: 'A', pricingStrategy: 'open' })).toEqual([
      { path: 'openPrice', message: 'Open pricing strategy requires openPrice to be enabled' },
    ]);
    const sized = await r.create('items', {
      name: 'Soda',
      pricingStrategy: 'size',
      sizePrice: [{ name: 'Small', price: 2 }, { name: 'Large' }],
    });
    expect(sized.sizePrice).toEqual([
      { name: 'Small', price: 2, id: 1, guid: expect.any(String) },
      { name: 'Large', price: 0, id: 2, guid: expect.any(String) },
    ]);
    await r.create('items', { name: 'Market fish', pricingStrategy: 'open', openPrice: true });
    // The patch alone is valid; the merged item is not.
    const base = await r.create('items', { name: 'Fries', basePrice: 4 });
    expect(await r.errors('PATCH', `items/${base.itemId}`, { pricingStrategy: 'size' })).toEqual([
      { path: 'sizePrice', message: 'Size pricing strategy requires at least one size price' },
    ]);
    expect(await r.errors('PATCH', `items/${base.itemId}`, { basePrice: null })).toEqual([
      { path: 'basePrice', message: 'Base pricing strategy requires a valid base price' },
    ]);
  });

  it('checks names, image, numbers, size prices, ordering rules and modifier-group references', async () => {
    const r = await restaurant();
    expect(
      await r.errors('POST', 'items', {
        name: 'A',
        basePrice: -1,
        calories: -5,
        imageUrl: 'javascript:alert(1)',
        orderingRules: {},
        pricingStrategy: 'size',
        sizePrice: [{ name: ' ' }],
      }),
    ).toEqual(
      expect.arrayContaining([
        { path: 'basePrice', message: 'Base price cannot be negative' },
        { path: 'calories', message: 'Calories cannot be negative' },
        { path: 'imageUrl', message: 'Invalid image URL' },
        { path: 'orderingRules', message: 'Ordering rules are not supported on items' },
        { path: 'sizePrice.0.name', message: 'Size/price name cannot be empty' },
      ]),
    );
    const image = JSON.stringify({
      original: { url: 'https://cdn.example.com/a.png', format: 'png', width: 10, height: 10, size: 1 },
    });
    expect((await r.create('items', { name: 'Pic', basePrice: 1, imageUrl: image })).imageUrl).toBe(image);
    expect(
      await r.errors('POST', 'items', { name: 'A', basePrice: 1, modifierGroups: [{ modifierGroupId: 9 }] }),
    ).toEqual([{ path: 'modifierGroups.0.modifierGroupId', message: 'Modifier group with ID 9 not found' }]);
  });

  it('clears an optional field with null and refuses null on a required one', async () => {
    const r = await restaurant();
    const item = await r.create('items', { name: 'Salad', basePrice: 7, calories: 300, plu: '42' });
    const { body } = await r.send('PATCH', `items/${item.itemId}`, { calories: null, plu: null });
    expect(body.data).not.toHaveProperty('calories');
    expect(body.data).not.toHaveProperty('plu');
    expect(body.data).toMatchObject({ name: 'Salad', basePrice: 7 });
    expect(await r.errors('PATCH', `items/${item.itemId}`, { name: null })).toEqual([
      { path: 'name', message: 'Item name cannot be empty' },
    ]);
  });
});

describe('modifier groups', () => {
  it('checks names, group pricing and selection bounds', async () => {
    const r = await restaurant();
    expect(
      await r.errors('POST', 'modifier-groups', {
        name: 'Sides',
        pricingStrategy: 'Group',
        minSelection: 2,
        maxSelection: 1,
        modifiers: [{ name: '' }, { name: 'Slaw', calories: -1 }],
      }),
    ).toEqual(
      expect.arrayContaining([
        { path: 'groupPrice', message: 'Group price is required when pricing strategy is Group' },
        { path: 'maxSelection', message: 'Maximum selection cannot be less than minimum selection' },
        { path: 'modifiers.0.name', message: 'Modifier name cannot be empty' },
        { path: 'modifiers.1.calories', message: 'Calories cannot be negative' },
      ]),
    );
    expect(await r.errors('POST', 'modifier-groups', { name: 'X', minSelection: 1.5 })).toEqual([
      { path: 'minSelection', message: 'Minimum selection must be a whole number' },
    ]);
    const group = await r.create('modifier-groups', { name: 'Sauces', minSelection: 1, maxSelection: 3 });
    expect(await r.errors('PATCH', `modifier-groups/${group.modifierGroupId}`, { minSelection: 4 })).toEqual([
      { path: 'maxSelection', message: 'Maximum selection cannot be less than minimum selection' },
    ]);
    // An absent maximum means no upper limit: clearing it is allowed.
    const cleared = await r.send('PATCH', `modifier-groups/${group.modifierGroupId}`, { maxSelection: null });
    expect(cleared.body.data).not.toHaveProperty('maxSelection');
  });

  it('keeps modifiers in order with ids local to the group, and replaces them on update', async () => {
    const r = await restaurant();
    const group = await r.create('modifier-groups', {
      name: 'Toppings',
      modifiers: [{ name: 'Onion' }, { name: 'Bacon', price: 1.5, id: 7 }, { name: 'Egg' }],
    });
    // Ids are local to the group: new modifiers are numbered after the highest one.
    expect(group.modifiers.map((m: { id: number; name: string }) => [m.id, m.name])).toEqual([
      [8, 'Onion'],
      [7, 'Bacon'],
      [9, 'Egg'],
    ]);
    const { body } = await r.send('PATCH', `modifier-groups/${group.modifierGroupId}`, {
      modifiers: [group.modifiers[2], { name: 'Cheese' }],
    });
    expect(body.data.modifiers.map((m: { id: number; name: string }) => [m.id, m.name])).toEqual([
      [9, 'Egg'],
      [10, 'Cheese'],
    ]);
    expect((await r.send('GET', `modifier-groups/${group.modifierGroupId}`)).body.data).toEqual(body.data);
  });

  it('checks a reference: integer id, and a required group needs minSelection of at least 1', async () => {
    const r = await restaurant();
    const group = await r.create('modifier-groups', { name: 'Sauces' });
    expect(
      await r.errors('POST', 'items', {
        name: 'A',
        basePrice: 1,
        modifierGroups: [
          { modifierGroupId: 1.5 },
          { modifierGroupId: group.modifierGroupId, isRequired: true, minSelection: 0 },
        ],
      }),
    ).toEqual([
      { path: 'modifierGroups.0.modifierGroupId', message: 'Modifier group ID must be an integer' },
      {
        path: 'modifierGroups.1.minSelection',
        message: 'Minimum selection must be at least 1 if the group is required',
      },
    ]);
    const item = await r.create('items', {
      name: 'Wings',
      basePrice: 9,
      modifierGroups: [
        { modifierGroupId: group.modifierGroupId, isRequired: true, minSelection: 1, position: 2 },
      ],
    });
    expect(item.modifierGroups).toEqual([
      { modifierGroupId: group.modifierGroupId, isRequired: true, minSelection: 1, position: 2 },
    ]);
  });
});

describe('menu groups', () => {
  it('checks name, image, times, pricing type details, discount range and selection bounds', async () => {
    const r = await restaurant();
    expect(
      await r.errors('POST', 'menu-groups', {
        name: 'Brunch',
        image: 'not a url',
        timeRange: { startTime: '25:00', endTime: '9:30' },
        pricingType: 'fixed',
        minRequired: 3,
        maxSelections: 2,
      }),
    ).toEqual(
      expect.arrayContaining([
        { path: 'image', message: 'Invalid image URL' },
        { path: 'timeRange.startTime', message: 'Invalid time format, expected HH:MM' },
        { path: 'timeRange.endTime', message: 'Invalid time format, expected HH:MM' },
        { path: 'fixedPrice', message: 'Price/discount details do not match pricing type' },
        {
          path: 'maxSelections',
          message: 'Maximum selections cannot be less than minimum required selections',
        },
      ]),
    );
    expect(await r.errors('POST', 'menu-groups', { name: 'Deal', pricingType: 'discount' })).toEqual([
      { path: 'discountPercentage', message: 'Price/discount details do not match pricing type' },
    ]);
    expect(
      await r.errors('POST', 'menu-groups', {
        name: 'Deal',
        pricingType: 'discount',
        discountPercentage: 101,
      }),
    ).toEqual([{ path: 'discountPercentage', message: 'Discount percentage must be between 0 and 100' }]);
    const group = await r.create('menu-groups', { name: 'Combo', pricingType: 'fixed', fixedPrice: 15 });
    expect(await r.errors('PATCH', `menu-groups/${group.menuGroupId}`, { fixedPrice: null })).toEqual([
      { path: 'fixedPrice', message: 'Price/discount details do not match pricing type' },
    ]);
  });

  it('drops the editing-only fields on create without looking at them', async () => {
    const r = await restaurant();
    const group = await r.create('menu-groups', {
      name: 'Dinner',
      removedSubgroupIds: 'anything',
      removedItemIds: [1],
      removedModifierGroupIds: null,
      isEditing: true,
    });
    expect(group).not.toHaveProperty('isEditing');
    expect(group).not.toHaveProperty('removedItemIds');
  });
});

describe('courses, tags, prep stations, sales categories, tax rates, printers, cash drawers', () => {
  it('refuses each with the spec message', async () => {
    const r = await restaurant();
    expect(await r.errors('POST', 'courses', {})).toEqual([
      { path: 'name', message: 'Course name cannot be empty' },
    ]);
    expect(await r.errors('POST', 'tags', { name: 3 })).toEqual([
      { path: 'name', message: 'Tag name cannot be empty' },
    ]);
    expect(await r.errors('POST', 'prep-stations', {})).toEqual([
      { path: 'name', message: 'Prep station name cannot be empty' },
    ]);
    expect(await r.errors('POST', 'sales-categories', {})).toEqual([
      { path: 'name', message: 'Sales category name cannot be empty' },
      { path: 'code', message: 'Sales category code cannot be empty' },
    ]);
    expect(await r.errors('POST', 'tax-rates', { rate: -0.1 })).toEqual([
      { path: 'name', message: 'Tax rate name cannot be empty' },
      { path: 'rate', message: 'Rate cannot be negative' },
    ]);
    expect(await r.errors('POST', 'cash-drawers', { name: 'A'.repeat(31) })).toEqual([
      { path: 'name', message: 'Cash drawer name cannot be longer than 30 characters' },
    ]);
  });

  it('applies the printer rules', async () => {
    const r = await restaurant();
    expect(await r.errors('POST', 'printers', { customFooter: 'x'.repeat(127) })).toEqual([
      { path: 'name', message: 'Printer name cannot be empty' },
      { path: 'model', message: 'Printer model cannot be empty' },
      { path: 'customFooter', message: 'Custom footer too long (max 3 rows of ~42 chars)' },
    ]);
    // Rules across fields run once the fields themselves are valid.
    expect(
      await r.errors('POST', 'printers', {
        name: 'P',
        model: 'M',
        ipSetup: 'Static',
        hasCashDrawer: 'One Cash Drawer',
      }),
    ).toEqual([
      { path: 'ipAddress', message: 'Static IP setup requires an IP address.' },
      { path: 'cashDrawer', message: 'Cash drawer details are required when the printer has a cash drawer.' },
    ]);
    expect(await r.errors('POST', 'printers', { name: 'P', model: 'M', ipAddress: '300.1.1.1' })).toEqual([
      { path: 'ipAddress', message: 'Invalid IP address' },
    ]);
    const printer = await r.create('printers', {
      name: 'Kitchen',
      model: 'TM-T88',
      ipSetup: 'Static',
      ipAddress: '10.0.0.5',
      hasCashDrawer: 'One Cash Drawer',
      cashDrawer: { name: 'Till', primaryStartingBalance: 100 },
    });
    expect(printer).toMatchObject({
      kitchenTicketFontSize: 'Medium',
      paperWidth: 'Narrow',
      characterSet: 'Western',
      cashDrawer: { name: 'Till', primaryStartingBalance: 100, primaryResetBalanceType: 'Automatic' },
    });
    expect(await r.errors('PATCH', `printers/${printer.printerId}`, { ipAddress: null })).toEqual([
      { path: 'ipAddress', message: 'Static IP setup requires an IP address.' },
    ]);
  });

  it('fills the tax rate defaults', async () => {
    const r = await restaurant();
    expect(await r.create('tax-rates', { name: 'City' })).toMatchObject({
      type: 'Percent',
      rate: 0,
      disabled: false,
      default: false,
      takeoutTaxEnabled: false,
      roundingOptions: 'Half Even Rounding',
    });
  });
});

describe('job titles and employees', () => {
  it('checks the job title and the employee form, which refuses unknown fields', async () => {
    const r = await restaurant();
    expect(await r.errors('POST', 'job-titles', { defaultWage: -1 })).toEqual([
      { path: 'title', message: 'Job title is required' },
      { path: 'defaultWage', message: 'Default wage cannot be negative' },
    ]);
    expect(await r.create('job-titles', { title: 'Host' })).toMatchObject({
      color: '#000000',
      defaultWage: 0,
      isActive: true,
      updatedBy: 'System',
    });
    expect(await r.errors('POST', 'employees', { email: 'nope', hourlyRate: 0 })).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'email', message: 'Invalid email address' },
      { path: 'hourlyRate', message: 'Hourly rate must be positive' },
    ]);
    const unknown = await r.errors('POST', 'employees', { firstName: 'A', lastName: 'B', nickname: 'Al' });
    expect(unknown).toEqual([{ path: '', message: expect.stringContaining('nickname') }]);
    const employee = await r.create('employees', { firstName: 'A', lastName: 'B' });
    expect(employee).toMatchObject({ role: 'training', status: 'active', showWages: true, tenantId });
    expect(await r.errors('PATCH', `employees/${employee.employeeId}`, { favouriteColour: 'red' })).toEqual([
      { path: '', message: expect.stringContaining('favouriteColour') },
    ]);
    expect(await r.errors('PATCH', `employees/${employee.employeeId}`, { lastName: null })).toEqual([
      { path: 'lastName', message: 'Last name is required' },
    ]);
  });

  it('assigns only existing, active job titles; activation and deactivation', async () => {
    const r = await restaurant();
    const cook = await r.create('job-titles', { title: 'Cook' });
    const retired = await r.create('job-titles', { title: 'Pastry', isActive: false });
    expect(
      await r.errors('POST', 'employees', {
        firstName: 'A',
        lastName: 'B',
        jobAssignments: [
          { jobId: retired.jobId },
          { jobId: 99 },
          { jobId: cook.jobId },
          { jobId: cook.jobId },
        ],
      }),
    ).toEqual([
      {
        path: 'jobAssignments.0.jobId',
        message: `Job title with ID ${retired.jobId} is inactive and cannot be assigned`,
      },
      { path: 'jobAssignments.1.jobId', message: 'Job title with ID 99 not found' },
      {
        path: 'jobAssignments.3.jobId',
        message: `Job title with ID ${cook.jobId} is assigned more than once`,
      },
    ]);
    const employee = await r.create('employees', {
      firstName: 'Sam',
      lastName: 'Cook',
      jobAssignments: [{ jobId: cook.jobId, wageOverride: 19 }],
    });
    expect(employee.jobAssignments).toEqual([
      {
        jobId: cook.jobId,
        isActive: true,
        wageOverride: 19,
        lastUpdated: expect.any(String),
        updatedBy: expect.stringContaining('@'),
      },
    ]);

    const deactivated = await r.send('POST', `job-titles/${cook.jobId}/deactivate`);
    expect(deactivated.body.data.isActive).toBe(false);
    expect(
      await r.errors('POST', 'employees', {
        firstName: 'C',
        lastName: 'D',
        jobAssignments: [{ jobId: cook.jobId }],
      }),
    ).toEqual([
      {
        path: 'jobAssignments.0.jobId',
        message: `Job title with ID ${cook.jobId} is inactive and cannot be assigned`,
      },
    ]);
    // An employee keeps an assignment whose title was deactivated later, and can still be edited (echoing
    // back what was read).
    const edited = await r.send('PATCH', `employees/${employee.employeeId}`, {
      chosenName: 'Sammy',
      jobAssignments: employee.jobAssignments,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.jobAssignments).toEqual(employee.jobAssignments);

    const activated = await r.send('POST', `job-titles/${cook.jobId}/activate`);
    expect(activated.body.data.isActive).toBe(true);
    await r.create('employees', { firstName: 'C', lastName: 'D', jobAssignments: [{ jobId: cook.jobId }] });
    expect((await r.send('POST', 'job-titles/77/activate')).body.detail).toBe(
      'Job title with ID 77 not found',
    );

    const refused = await r.send('DELETE', `job-titles/${cook.jobId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(`Job title with ID ${cook.jobId} is assigned to employees`);
  });

  it('derives access, wage and clock-in on read', async () => {
    const r = await restaurant();
    const job = await r.create('job-titles', { title: 'Server' });
    const derivedOf = async (body: Record<string, unknown>) =>
      (await r.create('employees', { firstName: 'E', lastName: 'F', ...body })).derived;

    expect(await derivedOf({})).toEqual({
      hasKitchenAccess: false,
      hasPosAccess: false,
      canManageOthers: false,
      canClockIn: false,
    });
    expect(await derivedOf({ role: 'chef', hourlyRate: 22 })).toMatchObject({
      hasKitchenAccess: true,
      hasPosAccess: false,
      effectiveWage: 22,
    });
    expect(await derivedOf({ kitchenAccess: true })).toMatchObject({ hasKitchenAccess: true });
    expect(await derivedOf({ role: 'cashier' })).toMatchObject({ hasPosAccess: true });
    // The POS flag counts only when the POS access config grants access.
    expect(await derivedOf({ posAccess: true })).toMatchObject({ hasPosAccess: false });
    expect(await derivedOf({ posAccess: true, posAccessConfig: { hasAccess: true } })).toMatchObject({
      hasPosAccess: true,
    });
    expect(await derivedOf({ role: 'kitchen_lead' })).toMatchObject({
      canManageOthers: true,
      hasKitchenAccess: true,
    });
    expect(await derivedOf({ managerAccess: true })).toMatchObject({ canManageOthers: true });
    expect(
      await derivedOf({ hourlyRate: 15, jobAssignments: [{ jobId: job.jobId, wageOverride: 18 }] }),
    ).toMatchObject({ effectiveWage: 18, canClockIn: true });
    expect(
      await derivedOf({
        hourlyRate: 15,
        jobAssignments: [{ jobId: job.jobId, wageOverride: 18, isActive: false }],
      }),
    ).toMatchObject({ effectiveWage: 15, canClockIn: false });
    expect(await derivedOf({ status: 'suspended', jobAssignments: [{ jobId: job.jobId }] })).toMatchObject({
      canClockIn: false,
    });
    const listed = (await r.send('GET', 'employees')).body.data;
    expect(listed.every((e: { derived?: unknown }) => e.derived !== undefined)).toBe(true);
  });
});
