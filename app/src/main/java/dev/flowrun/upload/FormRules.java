package dev.flowrun.upload;

/** The parts an endpoint takes, by name. */
interface FormRules {

    /** The kind of the part so named; null for a part the endpoint does not take. */
    PartKind kind(String partName);

    /** The parts taken, for a person: said when an unknown one arrives. */
    String accepted();

    /** {@code POST /workflows/{id}/runs}: files of input nodes, or one archive, and the text fields. */
    FormRules CREATE = new FormRules() {
        @Override
        public PartKind kind(String name) {
            if (name.equals("file") || name.startsWith("file:") && name.length() > "file:".length()) {
                return PartKind.IMAGE;
            }
            return switch (name) {
                case "zip" -> PartKind.ZIP;
                case "webhookUrl", "zipLayout", "priority" -> PartKind.TEXT;
                default -> null;
            };
        }

        @Override
        public String accepted() {
            return "file (or file:<input node id>), zip, webhookUrl, zipLayout and priority";
        }
    };

    /** {@code POST /uploads}: files only, images or archives. */
    FormRules UPLOADS = new FormRules() {
        @Override
        public PartKind kind(String name) {
            return name.equals("file") ? PartKind.IMAGE_OR_ZIP : null;
        }

        @Override
        public String accepted() {
            return "file";
        }
    };
}
