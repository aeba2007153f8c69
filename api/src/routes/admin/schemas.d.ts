import { Type } from 'typebox';
export declare const IdParams: Type.TObject<{
    id: Type.TString;
}>;
export declare const adminErrors: {
    400: Type.TObject<{
        message: Type.TString;
        code: Type.TOptional<Type.TString>;
    }>;
    401: Type.TObject<{
        message: Type.TString;
        code: Type.TOptional<Type.TString>;
    }>;
    403: Type.TObject<{
        message: Type.TString;
        code: Type.TOptional<Type.TString>;
    }>;
    404: Type.TObject<{
        message: Type.TString;
        code: Type.TOptional<Type.TString>;
    }>;
    409: Type.TObject<{
        message: Type.TString;
        code: Type.TOptional<Type.TString>;
    }>;
    429: Type.TObject<{
        message: Type.TString;
        code: Type.TOptional<Type.TString>;
    }>;
};
export declare const AdminPayment: Type.TObject<{
    _id: Type.TString;
    userId: Type.TString;
    username: Type.TString;
    email: Type.TString;
    membershipTier: Type.TString;
    duration: Type.TEnum<["monthly", "yearly"]>;
    amount: Type.TNumber;
    expectedAmount: Type.TNumber;
    status: Type.TEnum<["approved", "pending", "rejected"]>;
    paymentDate: Type.TString;
    expiredDate: Type.TUnion<[Type.TString, Type.TNull]>;
    paymentProof: Type.TString;
    reason: Type.TUnion<[Type.TString, Type.TNull]>;
    reviewedBy: Type.TUnion<[Type.TString, Type.TNull]>;
    reviewedAt: Type.TUnion<[Type.TString, Type.TNull]>;
}>;
export declare const PaymentsQuery: Type.TObject<{
    status: Type.TOptional<Type.TEnum<["approved", "pending", "rejected"]>>;
    before: Type.TOptional<Type.TString>;
    limit: Type.TOptional<Type.TInteger>;
}>;
export declare const ApproveBody: Type.TObject<{
    amount: Type.TOptional<Type.TInteger>;
}>;
export declare const RejectBody: Type.TObject<{
    reason: Type.TOptional<Type.TString>;
}>;
export declare const MembersQuery: Type.TObject<{
    q: Type.TOptional<Type.TString>;
    role: Type.TOptional<Type.TEnum<["admin", "member", "trial", "guest"]>>;
    tier: Type.TOptional<Type.TEnum<["trial", "basic", "pro", "expert", "None", "admin"]>>;
    before: Type.TOptional<Type.TString>;
    limit: Type.TOptional<Type.TInteger>;
}>;
export declare const MemberPatchBody: Type.TObject<{
    membershipTier: Type.TOptional<Type.TEnum<["basic", "pro", "expert", "trial", "admin"]>>;
    /** Contract §5 says "tier": the same as membershipTier. */
    tier: Type.TOptional<Type.TEnum<["basic", "pro", "expert", "trial", "admin"]>>;
    duration: Type.TOptional<Type.TUnion<[Type.TEnum<["monthly", "yearly"]>, Type.TNull]>>;
    membershipEnd: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
    role: Type.TOptional<Type.TEnum<["admin", "member", "trial"]>>;
}>;
export declare const MembersResponse: Type.TObject<{
    members: Type.TArray<Type.TObject<{
        _id: Type.TString;
        name: Type.TString;
        username: Type.TString;
        email: Type.TString;
        no_telp: Type.TString;
        city: Type.TString;
        country: Type.TString;
        address: Type.TString;
        photo_profile: Type.TString;
        image_identitas: Type.TString;
        membershipTier: Type.TString;
        duration: Type.TUnion<[Type.TEnum<["monthly", "yearly"]>, Type.TNull]>;
        membershipEnd: Type.TUnion<[Type.TString, Type.TNull]>;
        trialExpiresAt: Type.TUnion<[Type.TString, Type.TNull]>;
        role: Type.TEnum<["admin", "member", "trial", "guest"]>;
        emailVerified: Type.TBoolean;
        createdAt: Type.TString;
    }>>;
    nextCursor: Type.TUnion<[Type.TString, Type.TNull]>;
}>;
export declare const AdminStatsResponse: Type.TObject<{
    membersByTier: Type.TRecord<"^.*$", Type.TNumber>;
    pendingPayments: Type.TNumber;
    trialsEndingSoon: Type.TArray<Type.TObject<{
        _id: Type.TString;
        username: Type.TString;
        email: Type.TString;
        trialExpiresAt: Type.TString;
    }>>;
    onlineUsers: Type.TArray<Type.TObject<{
        _id: Type.TString;
        username: Type.TString;
        role: Type.TString;
    }>>;
    messagesToday: Type.TNumber;
}>;
