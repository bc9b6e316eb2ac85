/** What the shell shows of a signed-in visitor (from the root loader). */
export interface ShellUser {
  email: string;
  name: string;
}
