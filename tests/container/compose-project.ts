/**
 * One run's compose project (compose.yaml, Debian's docker-compose v1 with --compatibility so
 * `deploy.replicas` holds): its own project name and host port, brought up, inspected and
 * always taken down with its volumes.
 */
import { run, runOrThrow } from './commands';

export class ComposeProject {
  constructor(
    private readonly root: string,
    readonly name: string,
    /** compose.yaml's variables (images, port, the site's settings), over this process's. */
    private readonly variables: Record<string, string>,
  ) {}

  private args(...rest: string[]): string[] {
    return ['--compatibility', '--file', 'compose.yaml', '--project-name', this.name, ...rest];
  }

  private get env(): NodeJS.ProcessEnv {
    return { ...process.env, ...this.variables };
  }

  /** Starts every service and waits as compose.yaml's `depends_on` conditions say. */
  async up(): Promise<void> {
    await runOrThrow('docker-compose', this.args('up', '--detach', '--no-build'), {
      cwd: this.root,
      env: this.env,
      show: true,
    });
  }

  /** The ids of a service's running containers. */
  async containers(service: string): Promise<string[]> {
    const out = await runOrThrow('docker-compose', this.args('ps', '--quiet', service), {
      cwd: this.root,
      env: this.env,
    });
    return out.split('\n').filter((line) => line.trim() !== '');
  }

  /** The last lines each service wrote, for a failed run's report. */
  async logs(lines = 60): Promise<string> {
    const result = await run('docker-compose', this.args('logs', '--no-color', `--tail=${lines}`), {
      cwd: this.root,
      env: this.env,
    });
    return `${result.stdout}${result.stderr}`;
  }

  /** Stops and removes the containers, the network and the volumes (database, uploads). */
  async down(): Promise<void> {
    const result = await run(
      'docker-compose',
      this.args('down', '--volumes', '--remove-orphans', '--timeout', '10'),
      { cwd: this.root, env: this.env },
    );
    if (result.code !== 0) {
      console.error(`[test:container] compose down failed:\n${result.stdout}${result.stderr}`);
    }
  }
}
