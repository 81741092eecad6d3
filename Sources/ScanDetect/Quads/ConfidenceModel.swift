/// Turns `PageEvidence` into decisions with two small logistic models fitted by
/// Benchmarks/detection/fit_confidence.py on a synthetic training set (generate.py seed 7,
/// 300 document photos and 60 negatives — not the benchmark's seed, which stays held out):
/// `rank` picks which of the first few hypotheses is the page, `gate` says how likely the
/// chosen one is a page at all (the detector's confidence).
enum ConfidenceModel {
    /// The model's inputs from the nine `PageEvidence` features (mirrors `expand` in the fitter):
    /// the raw cues plus "cut by the frame" and its interactions, since a page cut by the frame
    /// must earn its confidence from fewer sides.
    static func inputs(_ f: [Double]) -> [Double] {
        guard f.count == PageEvidence.featureCount else { return [] }
        let cut = f[6] > 0 ? 1.0 : 0.0
        // The area (f[7]) is left out: the training pages fill 14–60 % of the frame, so the model
        // would learn that small pages are clutter; plausible size is `minimumAreaFraction`'s job.
        return [f[0], f[1], min(f[0], f[1]), f[2], f[3], f[4], cut, f[6], f[8], cut * f[0], cut * f[8], min(f[5], 6)]
    }

    /// Probability that the hypothesis with these features is the page's outline (JI ≥ 0.9).
    static func rankScore(_ features: [Double]) -> Double {
        rank.probability(inputs(features))
    }

    /// Probability that the chosen hypothesis is a page (JI ≥ 0.5) rather than clutter, scaled
    /// down when its margin is darker than paper can be (`PageEvidence` feature 2 below
    /// `paperVeto`): a logistic model only shifts odds, but a dark screen or cover is never a
    /// sheet of paper, however clean its outline.
    static func confidence(_ features: [Double]) -> Double {
        guard features.count == PageEvidence.featureCount else { return 0 }
        return gate.probability(inputs(features)) * min(1, max(0, features[2]) / paperVeto)
    }

    /// The paper cue (0…1) below which confidence falls in proportion.
    static let paperVeto = 0.5

    // Fitted coefficients (fit_confidence.py output).
    static let rank = LogisticModel(
        mean: [0.840594, 0.902478, 0.831131, 0.981777, 0.105352, 0.0639388, 0.303258, 0.394319, 0.630072, 0.244218, 0.164473, 2.39965],
        scale: [0.136875, 0.124881, 0.139751, 0.112463, 0.1354, 0.0792577, 0.459666, 0.648809, 0.377332, 0.379535, 0.319113, 1.68856],
        weights: [0.145284, 0.681072, 0.736727, -0.180213, -0.187214, -1.55849, -1.07316, -1.67246, 0.682557, 0.574211, -0.174556, 0.00245227],
        bias: -0.181169)
    static let gate = LogisticModel(
        mean: [0.860223, 0.921947, 0.851929, 0.955306, 0.123893, 0.0413595, 0.204023, 0.295977, 0.606345, 0.169459, 0.064528, 2.24147],
        scale: [0.149598, 0.128955, 0.152822, 0.181373, 0.156994, 0.0623125, 0.402986, 0.630896, 0.424626, 0.344229, 0.222843, 1.71199],
        weights: [-0.229381, 0.396777, 0.384577, 0.371884, -0.237978, -0.712385, -0.271776, -1.48969, 1.53576, 0.217388, -0.107408, 0.48684],
        bias: 2.23788)
}
