import type { KnownBlock } from '@slack/types';
import type { Db } from '../db/index.js';
import type { Member, Workspace } from '../db/types.js';
import type { Outbox } from '../outbox/service.js';
import { greetingName } from '../people/greeting.js';
import { personName } from '../people/name.js';
import { PeopleRepository } from '../people/repository.js';
import { isAdmin, rolesOf } from '../people/roles.js';
import { buildHomeView } from './views/home.js';

export interface HomeSection {
  name: string;
  /** This program's blocks for this member, or [] when it has nothing to show them. */
  render(ctx: { workspace: Workspace; member: Member; isAdmin: boolean }): Promise<KnownBlock[]>;
}

/** The home tab framework: each program contributes a section; admins also get links to the admin pages. */
export class HomeService {
  private readonly sections: HomeSection[] = [];
  private readonly people: PeopleRepository;

  constructor(
    db: Db,
    private readonly outbox: Outbox,
    private readonly adminUrl: string,
  ) {
    this.people = new PeopleRepository(db);
  }

  register(section: HomeSection): void {
    this.sections.push(section);
  }

  async publish(workspace: Workspace, member: Member, key: string): Promise<void> {
    const admin = isAdmin(await rolesOf(this.people, member));
    const sections = await Promise.all(this.sections.map((s) => s.render({ workspace, member, isAdmin: admin })));
    const view = buildHomeView({ memberName: greetingName(personName(member)), isAdmin: admin, adminUrl: this.adminUrl, sections });
    await this.outbox.enqueue([{ workspaceId: workspace.id, key: `home:${member.slack_user_id}:${key}`, kind: 'home', method: 'views.publish', args: { user_id: member.slack_user_id, view } }]);
  }
}
