import { createLogger } from '../support/logger';
import { PluginActivation } from './plugin-activation';

describe('PluginActivation', () => {
  const quiet = createLogger('error', () => undefined);

  it('is on until WordPress says otherwise, and follows what it reads', async () => {
    let recorded: boolean | null = false;
    const activation = new PluginActivation(async () => recorded, quiet);
    expect(activation.isActive).toBe(true);
    await expect(activation.refresh()).resolves.toBe(false);
    expect(activation.isActive).toBe(false);
    recorded = true;
    await activation.refresh();
    expect(activation.isActive).toBe(true);
  });

  it('stays on where there is no WordPress, and keeps the last state while the database fails', async () => {
    let read: () => Promise<boolean | null> = async () => false;
    const activation = new PluginActivation(() => read(), quiet);
    await activation.refresh();
    read = async () => {
      throw new Error('ECONNREFUSED');
    };
    await expect(activation.refresh()).resolves.toBe(false);
    read = async () => null;
    await expect(activation.refresh()).resolves.toBe(true);
  });

  it('re-reads on its own every interval once started', async () => {
    let recorded = true;
    const activation = new PluginActivation(async () => recorded, quiet, 20);
    activation.start();
    recorded = false;
    await new Promise((resolve) => setTimeout(resolve, 120));
    await activation.stop();
    expect(activation.isActive).toBe(false);
  });
});
