import { webhookGateCases } from './attacks/webhook-gate';
import { runFamily } from './suite';

runFamily('the webhook gate', webhookGateCases());
