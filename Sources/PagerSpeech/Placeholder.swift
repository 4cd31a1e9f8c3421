// Placeholder until the speech module lands.
