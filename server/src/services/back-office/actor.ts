/** Who acts in the back office: a signed-in operator, or the admin CLI on the server. */
export interface Actor {
  subject: string;
  name: string;
}
