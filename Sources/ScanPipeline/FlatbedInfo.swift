/// Facts about this build of Flatbed.
public enum FlatbedInfo {
    /// The version `flatbed --version` prints and PDFs name as their producer.
    public static let version = "0.1.0"
}
