// What `awaw-surrender help COMMAND` prints for a command: kept beside the command it describes.
export interface CommandHelp {
  readonly name: string;
  readonly summary: string;
  /** The usage line(s), e.g. `awaw-surrender append LOG [--game G] FILE|-`. */
  readonly usage: string;
  /** One line per option or input field, with its meaning. */
  readonly fields: readonly string[];
  /** A complete example command line (with its input, when it reads one). */
  readonly example: string;
}
