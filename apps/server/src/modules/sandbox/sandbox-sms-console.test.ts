import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import { createTestContext, newPhone, type TestContext, testDialects, verifyPhone } from '../../../test/helpers.ts';

describe.each(testDialects())('sandbox SMS codes in the back office (%s)', (dialect) => {
  let ctx: TestContext;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    owner = await ownerLogin(ctx.app);
  });
  afterAll(async () => ctx?.close());

  it('shows operators the texts the sandbox sent, newest first, with the code pulled out, and says it is a sandbox', async () => {
    const phone = newPhone();
    await verifyPhone(ctx.app, phone);
    const me = await operatorCaller(ctx.app, owner)('GET', '/api/backoffice/me');
    expect(me.json().sandbox).toBe(true);
    const support = await staffMember(ctx.app, owner, 'support');
    const res = await operatorCaller(ctx.app, support.token)('GET', `/api/backoffice/sandbox/sms?phone=${phone}`);
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = res.json().messages;
    expect(latest).toMatchObject({ phone, code: expect.stringMatching(/^\d{6}$/) });
    const marketing = await staffMember(ctx.app, owner, 'marketing');
    expect((await operatorCaller(ctx.app, marketing.token)('GET', '/api/backoffice/sandbox/sms')).statusCode).toBe(403);
  });
});
